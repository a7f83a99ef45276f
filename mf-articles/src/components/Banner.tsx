import { SignUpBox } from '@blog/shared';
import './Banner.css';

export function Banner() {
  return (
    <section className="mfa-banner">
      <h1 className="mfa-banner-title">Defense Analysis for the Data-Driven Age</h1>
      <SignUpBox />
    </section>
  );
}
