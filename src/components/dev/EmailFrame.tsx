// An e-mail's HTML part in a sandboxed frame: no scripts run in it (no allow-scripts), its links open a
// new tab (allow-popups), and allow-same-origin only lets this page read the frame's height, so that the
// frame is as tall as the e-mail and the page, not the frame, scrolls.
import { useEffect, useRef } from 'react';
import styles from './mailbox.module.css';

export function EmailFrame({ srcDoc, title }: { srcDoc: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    const fit = () => {
      const root = iframe.contentDocument?.documentElement;
      if (root) iframe.style.height = `${Math.ceil(root.getBoundingClientRect().height)}px`;
    };
    // The frame may have loaded before this page hydrated; a narrower frame makes the e-mail taller.
    if (iframe.contentDocument?.readyState === 'complete') fit();
    iframe.addEventListener('load', fit);
    const resized = new ResizeObserver(fit);
    resized.observe(iframe);
    return () => {
      iframe.removeEventListener('load', fit);
      resized.disconnect();
    };
  }, [srcDoc]);

  return (
    <iframe
      ref={frame}
      className={styles.frame}
      title={title}
      srcDoc={srcDoc}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
    />
  );
}
