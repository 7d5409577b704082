import { UserSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { playerParamsSchema } from '@questboard/shared/analytics-player';
import type { Project } from '@questboard/shared/projects';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { LoadError } from '../../../components/ui/load-error';
import { getErrorMessage, isApiError } from '../../../lib/api-error';
import { usePlayer } from '../api/use-analytics';
import { SectionCard } from '../../../components/ui/section-card';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { PlayerProfile } from './player-profile';
import { useViewParams } from '../../../hooks/use-view-params';

/** Said when no event has this user id (the server's 404 PLAYER_NOT_FOUND says the same). */
export const PLAYER_NOT_FOUND_MESSAGE = 'No player with this user id has sent events';

/** Looks up one player by user id; the id goes into the URL (?player=) so the lookup can be shared. */
export function PlayerLookup({ project }: { project: Project }) {
  const [params, setParams] = useViewParams();
  const player = params.get('player');
  const [userId, setUserId] = useState(player ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const answer = usePlayer(project.id, player);

  return (
    <SectionCard title="Look up a player" description="A player's profile, sessions and latest events, by the user id the game sends.">
      <form
        aria-label="Look up a player"
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = playerParamsSchema.shape.userId.safeParse(userId.trim());
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? 'Enter a user id');
            return;
          }
          setError(null);
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('player', parsed.data);
            return next;
          });
        }}
      >
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5 sm:max-w-sm">
          <Label htmlFor={id}>User id</Label>
          <Input
            id={id}
            value={userId}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setUserId(event.target.value);
            }}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" variant="outline">
          <UserSearch aria-hidden="true" className="size-4" />
          Look up
        </Button>
        {player && (
          <Button
            variant="ghost"
            onClick={() => {
              setUserId('');
              setParams((current) => {
                const next = new URLSearchParams(current);
                next.delete('player');
                return next;
              });
            }}
          >
            Clear
          </Button>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className="basis-full text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
      {player &&
        (answer.isPending ? (
          <ListSkeleton label="Looking up the player..." rows={3} />
        ) : answer.isError ? (
          isApiError(answer.error, 404) ? (
            <p role="status" className="rounded-lg border bg-muted px-3 py-2.5 text-sm">
              {PLAYER_NOT_FOUND_MESSAGE}: <span className="font-medium break-all">{player}</span>
            </p>
          ) : (
            <LoadError message={getErrorMessage(answer.error, 'Failed to look up the player')} onRetry={() => void answer.refetch()} />
          )
        ) : (
          <PlayerProfile player={answer.data} />
        ))}
    </SectionCard>
  );
}
