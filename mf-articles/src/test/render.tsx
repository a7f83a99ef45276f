import { ROUTER_FUTURE } from '@blog/shared';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
} from 'react-router-dom';

interface Entry {
  pathname?: string;
  search?: string;
  state?: unknown;
}

/**
 * Renders a view inside a router, as the shell does, starting at `entry`: `location()` tells where
 * the visitor is now, `browserBack()` is the browser's back button.
 */
export function renderInRouter(ui: ReactElement, { pathname = '/Articles', search = '', state = null }: Entry = {}) {
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  const result = render(
    <MemoryRouter initialEntries={[{ pathname, search, state }]} future={ROUTER_FUTURE}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Probe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return {
    ...result,
    location: () => location as Location,
    browserBack: () => act(() => navigate?.(-1)),
  };
}
