// Redirect pages for static hosts (scripts/build.ts): go where data-to says, keeping the query and fragment.
{
  const target = document.currentScript && document.currentScript.dataset.to;
  if (target && target.startsWith('/') && !target.startsWith('//')) location.replace(target + location.search + location.hash);
}
