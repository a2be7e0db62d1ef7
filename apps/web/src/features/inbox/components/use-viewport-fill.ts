import { useLayoutEffect, useState, type RefObject } from 'react';

/** The space the main area keeps below a page (its bottom padding, px). */
const BOTTOM_GAP = 24;

/**
 * The height that makes an element end at the bottom of the window (less the main area's
 * padding), measured from where it starts, so whatever sits above it (top bar, horizontal menu,
 * notices) is accounted for: the page does not scroll, its panes do. Measured again when the
 * window or the area around it changes size.
 */
export function useViewportFill(ref: RefObject<HTMLElement | null>): string {
  const [height, setHeight] = useState('calc(100dvh - 150px)');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(`${Math.max(0, Math.floor(window.innerHeight - top - BOTTOM_GAP))}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    // A notice appearing above (maintenance, sending hold) moves the element down.
    const observer = typeof ResizeObserver === 'undefined' || !element.parentElement ? null : new ResizeObserver(measure);
    if (element.parentElement) observer?.observe(element.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return height;
}
