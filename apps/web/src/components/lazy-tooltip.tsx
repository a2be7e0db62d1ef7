import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { flushSync } from 'react-dom';

type Child = ReactElement<{
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLElement>) => void;
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
 * pages' corner buttons (language, light/dark) and the signed-in frame's (menu, notifications,
 * settings, the collapsed sidebar's entries) are their only tooltips, and Tooltip brings Popper,
 * popper.js and Grow: about 10 KB of compressed JavaScript a first visit would download and run for
 * a hover that may never come (decisions 047 and 068). The button carries its aria-label meanwhile.
 * Once the Tooltip is there the child mounts again inside it: the focus is put back on it, and the
 * tooltip opens if the pointer or the focus is still there. Not while the child's menu is open (it is the
 * menu's anchor and gets the focus back when the menu closes): the next hover or focus does it. Nor
 * while a button of the pointer is down on it: the click would be lost (its press and release on two
 * different elements), so the swap waits until the click has happened.
 */
export function LazyTooltip({
  title,
  children,
  placement,
  describeChild,
}: {
  title: string;
  children: Child;
} & Pick<TooltipProps, 'placement' | 'describeChild'>) {
  const [ready, setReady] = useState(() => Tooltip !== undefined);
  const [open, setOpen] = useState(false);
  const child = useRef<HTMLElement>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const expanded = useRef(false);
  const pressed = useRef(false);
  const swapAfterPress = useRef(false);
  expanded.current = String(children.props['aria-expanded']) === 'true';

  useEffect(() => {
    if (ready && focused.current) child.current?.focus();
  }, [ready]);

  if (ready && Tooltip) {
    return (
      <Tooltip
        title={title}
        placement={placement}
        describeChild={describeChild}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
      >
        {cloneElement(children, { ref: child })}
      </Tooltip>
    );
  }
  // Committed at once (flushSync), not at React's next render: a press starting in between would
  // go down on the old element and come up on the new one, and no click would happen.
  const swap = () => {
    if (!Tooltip || expanded.current) return;
    flushSync(() => {
      setOpen(hovered.current || focused.current);
      setReady(true);
    });
  };
  const want = () =>
    void loadTooltip().then(() => {
      if (pressed.current) swapAfterPress.current = true;
      else swap();
    });
  const released = () => {
    pressed.current = false;
    if (!swapAfterPress.current) return;
    swapAfterPress.current = false;
    // After the click, which the browser dispatches right after the release, in the same task.
    setTimeout(swap, 0);
  };
  return cloneElement(children, {
    ref: child,
    onPointerEnter: (event) => {
      hovered.current = true;
      children.props.onPointerEnter?.(event);
      want();
    },
    onPointerLeave: (event) => {
      hovered.current = false;
      children.props.onPointerLeave?.(event);
      released();
    },
    onPointerDown: (event) => {
      pressed.current = true;
      children.props.onPointerDown?.(event);
    },
    onPointerUp: (event) => {
      children.props.onPointerUp?.(event);
      released();
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
