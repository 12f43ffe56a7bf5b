/** The loading overlay over a tool's result while a run is in flight, with a bar creeping towards 90 %. */
export function RunOverlay({ label }: { label: string }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/90" role="status" data-overlay>
      <p className="font-medium text-slate-800">{label}</p>
      <div className="h-2 w-2/3 overflow-hidden rounded bg-slate-100">
        <div className="run-progress h-full bg-brand-600" />
      </div>
    </div>
  );
}
