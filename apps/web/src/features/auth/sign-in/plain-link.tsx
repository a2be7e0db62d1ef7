import type { MouseEvent, ReactNode } from 'react';
import type { SignInHost } from './sign-in-host';

/**
 * A link to another page of the app: a real `<a href>` (new tab, copy address), followed through
 * the host on a plain click. A pointer or the focus on it starts fetching that page's code.
 */
export function PlainLink({
  host,
  to,
  className = 'si-link',
  children,
}: {
  host: SignInHost;
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    host.navigate(to);
  };
  return (
    <a href={to} className={className} onClick={follow} onPointerEnter={host.prepareToLeave} onFocus={host.prepareToLeave}>
      {children}
    </a>
  );
}
