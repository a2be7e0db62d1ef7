import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the page around it has painted: parts a first screen can do without
 * (the rest of the dashboard under its figures, the top bar's bell) no longer add to the render and
 * the code that stand between a first visit and its figures (issue 37). They render in a transition
 * of their own, so React works in slices between which the page answers. `placeholder` holds their
 * place meanwhile (same size, so nothing moves when they come).
 */
export function AfterFirstPaint({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // The next frame has painted what rendered with this one; a task after it renders the rest.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setShown(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return <>{shown ? children : placeholder}</>;
}
