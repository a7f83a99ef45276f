import { SignUpBox } from '@blog/shared';
import styles from './HomePage.module.css';

export function Banner() {
  return (
    <section className={styles.banner}>
      <h1 className={styles.bannerTitle}>Defense Analysis for the Data-Driven Age</h1>
      <SignUpBox />
    </section>
  );
}
