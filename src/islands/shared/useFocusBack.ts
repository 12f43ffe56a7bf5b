import { useEffect, useRef, type RefObject } from 'react';

/**
 * For a run button that is disabled while its run goes: the browser drops the focus of a disabled button to the
 * page, so a keyboard user who pressed it would start again from the top when the result arrives. Put `ref` on the
 * button and call `pressed` in its click handler; once the button is enabled again, the focus comes back to it
 * (unless the person has meanwhile put it somewhere else).
 */
export function useFocusBack<E extends HTMLElement>(disabled: boolean): { ref: RefObject<E | null>; pressed: () => void } {
  const ref = useRef<E>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (disabled || !hadFocus.current) return;
    hadFocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, [disabled]);
  return {
    ref,
    pressed: () => {
      hadFocus.current = document.activeElement === ref.current;
    },
  };
}
