import type { Ref } from 'react';

/**
 * How a form binds an input a shared field lays out: controlled (value, onChange, error) or
 * registered with react-hook-form (name, ref, onChange, onBlur, error). The form binds it in its own
 * render, so its fields register (and take the focus on an error) in the order they always did.
 */
export type InputBinding<P, E extends HTMLElement = HTMLInputElement> = Partial<P> & { ref?: Ref<E> };
