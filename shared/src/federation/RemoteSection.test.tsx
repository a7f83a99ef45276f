/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SectionLoaderContext, type SectionLoader } from './loader';
import { RemoteSection } from './RemoteSection';
import { loadRemoteModule } from './remotes';

jest.mock('./remotes', () => ({ loadRemoteModule: jest.fn(), peekRemoteModule: jest.fn() }));
const load = jest.mocked(loadRemoteModule);

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const Broken = () => {
  throw new Error('broken section');
};

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('RemoteSection', () => {
  it('shows a loading state, then the module the section exposes, with its props', async () => {
    load.mockResolvedValue({ default: Greeting });
    render(<RemoteSection id="mf_test/Greeting" label="Greeting" props={{ name: 'Ana' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Greeting…');
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_test/Greeting');
  });

  it('shows a fallback when the section cannot be loaded, and the retry loads it again', async () => {
    load.mockRejectedValueOnce(new Error('host down')).mockResolvedValueOnce({ default: Greeting });
    render(<RemoteSection id="mf_test/Greeting" label="Greeting" props={{ name: 'Ana' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The Greeting section is unavailable right now.');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps a section that throws while rendering inside its fallback', async () => {
    load.mockResolvedValue({ default: Broken });
    render(
      <>
        <RemoteSection id="mf_test/Broken" label="Broken" />
        <p>The rest of the page</p>
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The Broken section is unavailable right now.');
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
  });

  it('does not carry one section’s failure over to the next section shown in its place', async () => {
    load.mockImplementation((id) =>
      id === 'mf_test/Broken' ? Promise.reject(new Error('host down')) : Promise.resolve({ default: Greeting }),
    );
    const { rerender } = render(<RemoteSection id="mf_test/Broken" label="Broken" />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    rerender(<RemoteSection id="mf_test/Greeting" label="Greeting" props={{ name: 'Ben' }} />);
    expect(await screen.findByText('Hello Ben')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders a section loaded already at once, as the server rendered it', () => {
    const load = jest.fn();
    const loader: SectionLoader = {
      load,
      peek: (id) => (id === 'mf_test/Greeting' ? { default: Greeting as never } : undefined),
      failedOnServer: () => false,
    };
    render(
      <SectionLoaderContext.Provider value={loader}>
        <RemoteSection id="mf_test/Greeting" label="Greeting" props={{ name: 'Ana' }} />
      </SectionLoaderContext.Provider>,
    );
    // No loading state in between: hydration finds what the server sent.
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('starts from the fallback the server rendered, then tries the section again in the browser', async () => {
    const load = jest.fn().mockResolvedValue({ default: Greeting });
    const loader: SectionLoader = {
      load,
      peek: () => undefined,
      failedOnServer: (id) => id === 'mf_test/Greeting',
    };
    render(
      <SectionLoaderContext.Provider value={loader}>
        <RemoteSection id="mf_test/Greeting" label="Greeting" props={{ name: 'Ana' }} />
      </SectionLoaderContext.Provider>,
    );
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
