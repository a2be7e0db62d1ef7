import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useEffect, useRef, useState, type ComponentType, type FocusEvent, type ReactElement, type Ref } from 'react';

type Child = ReactElement<{
  ref?: Ref<HTMLElement>;
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  'aria-expanded'?: boolean | 'true' | 'false';
}>;

let Tooltip: ComponentType<TooltipProps> | undefined;
let loading: Promise<void> | undefined;
const loadTooltip = () =>
  (loading ??= import('@mui/material/Tooltip').then(
    (module) => {
      Tooltip = module.default;
    },
    () => {
      loading = undefined; // tried again on the next hover or focus; the button works without it
    },
  ));

/**
 * MUI's Tooltip, downloaded when the pointer or the focus first reaches its child. The signed-out
 * pages' corner buttons (language, light/dark) are their only tooltips, and Tooltip brings Popper,
 * popper.js and Grow: about 10 KB of compressed JavaScript a first visit would download and run for
 * a hover that may never come (decision 047). The button carries its aria-label meanwhile. Once the
 * Tooltip is there the child mounts again inside it: the focus is put back on it, and the tooltip
 * opens if the pointer or the focus is still there. Not while the child's menu is open (it is the
 * menu's anchor and gets the focus back when the menu closes): the next hover or focus does it.
 */
export function LazyTooltip({ title, children }: { title: string; children: Child }) {
  const [ready, setReady] = useState(() => Tooltip !== undefined);
  const [open, setOpen] = useState(false);
  const child = useRef<HTMLElement>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const expanded = useRef(false);
  expanded.current = String(children.props['aria-expanded']) === 'true';

  useEffect(() => {
    if (ready && focused.current) child.current?.focus();
  }, [ready]);

  if (ready && Tooltip) {
    return (
      <Tooltip title={title} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
        {cloneElement(children, { ref: child })}
      </Tooltip>
    );
  }
  const want = () =>
    void loadTooltip().then(() => {
      if (!Tooltip || expanded.current) return;
      setOpen(hovered.current || focused.current);
      setReady(true);
    });
  return cloneElement(children, {
    ref: child,
    onPointerEnter: () => {
      hovered.current = true;
      want();
    },
    onPointerLeave: () => {
      hovered.current = false;
    },
    onFocus: (event) => {
      focused.current = true;
      children.props.onFocus?.(event);
      want();
    },
    onBlur: (event) => {
      focused.current = false;
      children.props.onBlur?.(event);
    },
  });
}
