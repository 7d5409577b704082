import { Building2, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/session/auth-context';

/** The signed-in user's initial, address and 'Sign out', in the top bar of every signed-in page. */
export function AccountMenu() {
  const { user, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  if (!user) return null;
  const label = user.displayName ?? user.email;
  const initial = (label.trim()[0] ?? '?').toUpperCase();

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account: ${label}`}
        onClick={() => setOpen((value) => !value)}
        className="grid size-9 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        {initial}
      </button>
      {open && (
        <div id={menuId} className="absolute right-0 z-50 mt-2 w-64 max-w-[calc(100vw-2rem)] rounded-xl border bg-card p-2 shadow-lg">
          <div className="px-2 py-1.5">
            {user.displayName && <p className="truncate text-sm font-medium">{user.displayName}</p>}
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          </div>
          <div className="my-1 h-px bg-border" />
          <Link
            to="/organisation"
            onClick={() => setOpen(false)}
            className="flex h-10 w-full items-center gap-2 rounded-lg px-4 text-sm text-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Building2 aria-hidden="true" className="size-4" />
            Organisation
          </Link>
          <Button
            variant="ghost"
            className="w-full justify-start"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void logout().finally(() => setSigningOut(false));
            }}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Sign out
          </Button>
        </div>
      )}
    </div>
  );
}
