/**
 * Renders its children once their place comes near the viewport (an IntersectionObserver with a margin of
 * `rootMargin`, 300 px by default), and until then `placeholder` (of their size, so nothing moves when they appear). For
 * what is heavy to load and often below the fold, such as a chart library: a page that never scrolls to it never
 * fetches it. Where IntersectionObserver is missing, the children render at once.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function WhenNear({ placeholder, rootMargin = '300px', children }: { placeholder: ReactNode; rootMargin?: string; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin });
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  if (near) return children;
  return (
    <div ref={place}>{placeholder}</div>
  );
}
