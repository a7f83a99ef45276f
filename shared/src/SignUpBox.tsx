import './sign-up-box.css';

/**
 * The newsletter sign-up box of the home and newsletter pages. It has no behaviour (spec §1), so it
 * is drawn rather than made of controls: nothing on the page invites a visitor to type into a form
 * that goes nowhere (the same rule as the navigation's "Log in" and "Sign up").
 */
export function SignUpBox() {
  return (
    <div className="sign-up-box">
      <span className="sign-up-box-field">YOUR EMAIL ADDRESS</span>
      <span className="sign-up-box-button">SING UP</span>
    </div>
  );
}
