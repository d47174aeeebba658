import { useEffect, useRef } from 'react';

/** Ctrl+S (⌘S on a Mac) calls `save` anywhere in the page, the editors included, instead of the browser's 'Save page'. */
export function useSaveShortcut(save: () => void) {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || (e.key.toLowerCase() !== 's' && e.code !== 'KeyS')) return;
      e.preventDefault();
      if (!e.repeat) saveRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
