import type { FunnelPlayers } from '@questboard/shared/analytics-funnels';

// How the funnels page writes its figures.

export const formatCount = (value: number) => value.toLocaleString('en-US');

export const formatShare = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);

/** 42 s, 3 min 5 s, 2 h 10 min, 3 d 4 h. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '–';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  if (whole < 86_400) return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
  return `${Math.floor(whole / 86_400)} d ${Math.floor((whole % 86_400) / 3600)} h`;
}

const csvCell = (value: string) => {
  // A cell a spreadsheet would run as a formula is written as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The dropped players as CSV: a header, then one line each. */
export function droppedPlayersCsv(players: FunnelPlayers['players'], step: number): string {
  const lines = [['user_id', 'entered_at', `reached_step_${step - 1}_at`].join(',')];
  for (const player of players) lines.push([player.userId, player.enteredAt, player.lastStepAt].map(csvCell).join(','));
  return `${lines.join('\n')}\n`;
}
