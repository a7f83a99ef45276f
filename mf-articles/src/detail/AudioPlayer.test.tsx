import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AudioPlayer } from './AudioPlayer';

// jsdom plays nothing: the element's state is what these stand-ins say, told through its events.
let paused: boolean;
let duration: number;
let currentTime: number;
let play: jest.SpiedFunction<HTMLMediaElement['play']>;
let pause: jest.SpiedFunction<HTMLMediaElement['pause']>;

beforeEach(() => {
  [paused, duration, currentTime] = [true, Number.NaN, 0];
  jest.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
  jest.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockImplementation(() => duration);
  jest.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(() => currentTime);
  jest.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation((value: number) => {
    currentTime = value;
  });
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused = false;
    duration = 125;
    this.dispatchEvent(new Event('durationchange'));
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused = true;
    this.dispatchEvent(new Event('pause'));
  });
});

afterEach(() => jest.restoreAllMocks());

const renderPlayer = () => render(<AudioPlayer src="http://cms.test/uploads/intro.wav" title="Munitions Math" />);
const audio = () => document.querySelector('audio:not([controls])') as HTMLAudioElement;

describe('the article’s audio player', () => {
  it('is named for the article and fetches nothing before it is played', () => {
    renderPlayer();
    const player = screen.getByRole('group', { name: 'Listen to Munitions Math' });
    expect(player).toContainElement(screen.getByRole('button', { name: 'Play' }));
    expect(audio()).toHaveAttribute('src', 'http://cms.test/uploads/intro.wav');
    expect(audio()).toHaveAttribute('preload', 'none');
    // Its length is not known yet: nothing to seek in.
    expect(screen.getByRole('slider', { name: 'Position' })).toBeDisabled();
    expect(player).toHaveTextContent('0:00 / 0:00');
  });

  it('plays and pauses, shows where it is and seeks where the slider is moved', async () => {
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalledTimes(1);
    const position = screen.getByRole('slider', { name: 'Position' });
    expect(position).toBeEnabled();
    expect(position).toHaveAttribute('max', '125');

    currentTime = 65;
    fireEvent(audio(), new Event('timeupdate'));
    expect(screen.getByRole('group')).toHaveTextContent('1:05 / 2:05');
    expect(position).toHaveAttribute('aria-valuetext', '1:05 of 2:05');

    fireEvent.change(position, { target: { value: '100' } });
    expect(currentTime).toBe(100);

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('stays ready to play, and logs why, when the recording cannot be played', async () => {
    const refused = new DOMException('The element has no supported sources.', 'NotSupportedError');
    play.mockRejectedValueOnce(refused);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('http://cms.test/uploads/intro.wav could not be played', refused);
  });
});
