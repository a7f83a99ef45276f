// The part of React Router the site's pages use: every app imports its router from here, and this
// module, not the package, is the shared singleton (@blog/webpack-config). Module Federation shares a
// module whole, so sharing this one ships only what the site uses of React Router.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  NavigationType,
  Route,
  Routes,
  // The server's router, from the same copy of React Router as the routes it renders (the render server's).
  StaticRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from 'react-router';
export type { LinkProps, Location, NavigateOptions, To } from 'react-router';
