import { useId } from 'react';

const count = (value: number) => value.toLocaleString('en-US');

/** The running load: an estimated share (see DEMO_EVENTS_PER_PLAYER) and the exact count sent. */
export function DemoProgress({ sentEvents, players, percent }: { sentEvents: number; players: number; percent: number }) {
  const labelId = useId();
  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p id={labelId} className="text-sm font-medium">
          Loading demo data…
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">
          {count(sentEvents)} events sent for {count(players)} players
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`About ${percent}%: ${count(sentEvents)} events sent`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-700 motion-reduce:transition-none" style={{ width: `${Math.max(percent, 2)}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">Loading continues on the server if you leave this page.</p>
    </div>
  );
}
