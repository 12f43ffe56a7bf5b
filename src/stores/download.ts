import { $user, ensureFreshToken } from './user.ts';

/**
 * Downloads a file from an endpoint that needs the bearer token (a plain link
 * cannot send it): fetch, check the type, then save through a temporary link.
 */
export async function downloadWithToken(url: string, expectedType: string, fallbackName: string): Promise<void> {
  await ensureFreshToken();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${$user.get().accessToken}`, 'accept-language': document.documentElement.dataset.locale ?? 'en' },
    credentials: 'include',
  });
  if (!response.ok || !response.headers.get('content-type')?.includes(expectedType)) throw new Error(`download failed: ${response.status}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
