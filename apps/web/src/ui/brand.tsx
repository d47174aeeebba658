import classes from './brand.module.css';

/**
 * The logo and the name; `nameFrom`: the name only from that breakpoint up (the phone header keeps the logo alone).
 * Plain elements (no Mantine): the student viewer shows it too.
 */
export function Brand({ size = 'md', inverted = false, nameFrom }: { size?: 'sm' | 'md' | 'lg'; inverted?: boolean; nameFrom?: 'xs' | 'sm' | 'md' }) {
  const px = size === 'lg' ? 44 : size === 'md' ? 34 : 28;
  return (
    <div className={classes.brand}>
      <img src="/favicon.svg" width={px} height={px} alt="" />
      <p className={classes.name} data-size={size} data-inverted={inverted || undefined} data-from={nameFrom}>
        Saber Compartilhado
      </p>
    </div>
  );
}
