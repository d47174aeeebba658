import type { ReactNode } from 'react';
import { Brand } from '../../../ui/brand';
import classes from '../student.module.css';

/** The student viewer's page: the brand on top, the content below; narrow margins on a phone (390 px). */
export function StudentFrame({ children }: { children: ReactNode }) {
  return (
    <div className={classes.frame}>
      <header className={classes.header}>
        <div className={classes.container}>
          <Brand size="sm" />
        </div>
      </header>
      <main className={`${classes.container} ${classes.main}`}>{children}</main>
    </div>
  );
}
