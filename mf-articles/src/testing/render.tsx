import { createQueryClient } from '@blog/shared';
import { TestReads } from '@blog/shared/testing/reads';
import type { QueryClient } from '@tanstack/react-query';
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
} from 'react-router';

interface Entry {
  pathname?: string;
  search?: string;
  state?: unknown;
  /** The page's reads: a fresh cache unless a test seeds one, as the server's reads arrive. */
  reads?: QueryClient;
}

/**
 * Renders a view inside a router and the page's reads, as the shell does, starting at `entry`:
 * `location()` tells where the visitor is now, `browserBack()` is the browser's back button.
 */
export function renderInRouter(
  ui: ReactElement,
  { pathname = '/Articles', search = '', state = null, reads = createQueryClient() }: Entry = {},
) {
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  const result = render(
    <TestReads client={reads}>
      <MemoryRouter initialEntries={[{ pathname, search, state }]}>
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
      </MemoryRouter>
    </TestReads>,
  );
  return {
    ...result,
    reads,
    location: () => location as Location,
    browserBack: () =>
      act(() => {
        void navigate?.(-1);
      }),
  };
}
