import { Link, useLocation } from '@blog/shared/router';

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="page not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>.
      </p>
      <Link to="/Home">Go to the home page</Link>
    </section>
  );
}
