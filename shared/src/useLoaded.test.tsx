/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { useLoaded } from './useLoaded';

function Shows({ load, wanted }: { load: (() => Promise<string | null>) | undefined; wanted?: boolean }) {
  const value = useLoaded(load, wanted);
  return <p>{value === undefined ? 'loading' : value ?? 'nothing'}</p>;
}

afterEach(() => jest.restoreAllMocks());

describe('useLoaded', () => {
  it('is undefined while loading, then what the loader resolved to', async () => {
    render(<Shows load={() => Promise.resolve('loaded')} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('loaded')).toBeInTheDocument();
  });

  it('keeps an empty answer apart from loading', async () => {
    render(<Shows load={() => Promise.resolve(null)} />);
    expect(await screen.findByText('nothing')).toBeInTheDocument();
  });

  it('logs a loader that fails and stays empty', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('down');
    render(<Shows load={() => Promise.reject(failure)} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error).toHaveBeenCalledWith('Failed to load', failure);
    expect(screen.getByText('loading')).toBeInTheDocument();
  });

  it('ignores a previous loader that answers after its replacement', async () => {
    let answerFirst: (value: string) => void = () => undefined;
    const { rerender } = render(<Shows load={() => new Promise<string>((done) => (answerFirst = done))} />);
    rerender(<Shows load={() => Promise.resolve('second')} />);
    expect(await screen.findByText('second')).toBeInTheDocument();
    answerFirst('first');
    await new Promise((done) => setTimeout(done, 0));
    expect(screen.getByText('second')).toBeInTheDocument();
  });

  it('is undefined again while another loader loads', async () => {
    const { rerender } = render(<Shows load={() => Promise.resolve('first')} />);
    expect(await screen.findByText('first')).toBeInTheDocument();
    rerender(<Shows load={() => new Promise(() => undefined)} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
  });

  it('asks nothing until wanted, then keeps what it loaded without asking again', async () => {
    const load = jest.fn(() => Promise.resolve('loaded'));
    const { rerender } = render(<Shows load={load} wanted={false} />);
    await new Promise((done) => setTimeout(done, 0));
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('loading')).toBeInTheDocument();

    rerender(<Shows load={load} wanted />);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    rerender(<Shows load={load} wanted={false} />);
    rerender(<Shows load={load} wanted />);
    expect(screen.getByText('loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks nothing without a loader', async () => {
    render(<Shows load={undefined} />);
    await new Promise((done) => setTimeout(done, 0));
    expect(screen.getByText('loading')).toBeInTheDocument();
  });
});
