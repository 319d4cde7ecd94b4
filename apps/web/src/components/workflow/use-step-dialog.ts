import { useState } from 'react';

/**
 * Which step's dialog a detail page shows. The dialog shown is kept apart from the one open so its
 * text does not change while it animates closed.
 */
export function useStepDialog<D extends string>() {
  const [dialog, setDialog] = useState<D | null>(null);
  const [opened, setOpened] = useState<D | null>(null);
  const open = (next: D) => {
    setDialog(next);
    setOpened(next);
  };
  const close = () => setOpened(null);
  return { dialog, opened, open, close };
}
