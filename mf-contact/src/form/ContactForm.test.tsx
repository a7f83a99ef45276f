import { createQueryClient, fetchCountries, postContactMessage } from '@blog/shared';
import { TestReads } from '@blog/shared/testing/reads';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bundledCountries } from './bundledCountries';
import { ContactForm } from './ContactForm';
import { bundledPrefixes, bundledPrefixesQuery } from './prefixes';

jest.mock('./bundledCountries', () => {
  const actual = jest.requireActual<typeof import('./bundledCountries')>('./bundledCountries');
  return { bundledCountries: jest.fn(actual.bundledCountries) };
});
jest.mock('@blog/shared', () => ({
  ...jest.requireActual<typeof import('@blog/shared')>('@blog/shared'),
  fetchCountries: jest.fn(),
  postContactMessage: jest.fn(),
}));

const COUNTRIES = [{ idd: { root: '+5', suffixes: ['7'] } }, { idd: { root: '+4', suffixes: ['4'] } }];

let alerted: jest.SpiedFunction<typeof window.alert>;
let everyBundled: readonly string[];

beforeAll(async () => {
  everyBundled = await bundledPrefixes();
});

beforeEach(() => {
  jest.clearAllMocks();
  alerted = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.mocked(fetchCountries).mockResolvedValue(COUNTRIES);
  jest.mocked(postContactMessage).mockResolvedValue({ ok: true, data: null });
});

afterEach(() => jest.restoreAllMocks());

/** The form as the page has it: with the bundled prefixes among the server's reads, or without (a standalone section). */
function renderForm({ withServerReads = true } = {}) {
  const client = createQueryClient();
  if (withServerReads) client.setQueryData(bundledPrefixesQuery().queryKey, everyBundled);
  return render(
    <TestReads client={client}>
      <ContactForm />
    </TestReads>,
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });
const prefix = () => screen.getByRole('combobox', { name: 'International prefix' });
const offered = () =>
  within(prefix())
    .getAllByRole('option')
    .map((option) => option.textContent);
/** Once the country list's prefixes have replaced the bundled ones. */
const countryListShown = () => waitFor(() => expect(offered()).toEqual(['+1', '+44', '+57']));

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First name'), 'Ana');
  await user.type(field('Last name'), 'Ríos');
  await user.type(field('Email'), 'ana@example.test');
  await countryListShown();
  await user.selectOptions(prefix(), '+57');
  await user.type(field('Phone number'), '300 123 4567');
  await user.type(field('Message'), 'About your procurement piece');
}

const shownValues = () =>
  [field('First name'), field('Last name'), field('Email'), prefix(), field('Phone number'), field('Message')].map(
    (element) => (element as HTMLInputElement).value,
  );

describe('the contact form', () => {
  it('offers the bundled prefixes at first, then the country list’s, with +1 chosen', async () => {
    renderForm();
    expect(offered()).toEqual(everyBundled);
    expect(prefix()).toHaveValue('+1');
    await countryListShown();
    expect(prefix()).toHaveValue('+1');
    expect(fetchCountries).toHaveBeenCalledTimes(1);
  });

  it('offers +1 without the server’s reads until the country list’s prefixes arrive', async () => {
    renderForm({ withServerReads: false });
    expect(offered()).toEqual(['+1']);
    expect(prefix()).toHaveValue('+1');
    await countryListShown();
    expect(prefix()).toHaveValue('+1');
    expect(bundledCountries).not.toHaveBeenCalled();
  });

  it('sends the message with the phone as prefix and number, says so and clears the fields', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(postContactMessage).toHaveBeenCalledWith({
      first_name: 'Ana',
      last_name: 'Ríos',
      email: 'ana@example.test',
      phone: '+57 300 123 4567',
      message: 'About your procurement piece',
    });
    await waitFor(() => expect(alerted).toHaveBeenCalledWith('Form submitted successfully!'));
    expect(shownValues()).toEqual(['', '', '', '+1', '', '']);
  });

  it('keeps what was written and says so when the message cannot be sent', async () => {
    jest.mocked(postContactMessage).mockResolvedValue({ ok: false, status: null, message: 'Failed to fetch' });
    const user = userEvent.setup();
    renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(alerted).toHaveBeenCalledWith('Failed to submit form. Please try again.'));
    expect(alerted).toHaveBeenCalledTimes(1);
    expect(shownValues()).toEqual([
      'Ana',
      'Ríos',
      'ana@example.test',
      '+57',
      '300 123 4567',
      'About your procurement piece',
    ]);
  });

  it('sends an empty form as it is: nothing is validated', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(postContactMessage).toHaveBeenCalledWith({
      first_name: '',
      last_name: '',
      email: '',
      phone: '+1 ',
      message: '',
    });
    await waitFor(() => expect(alerted).toHaveBeenCalledWith('Form submitted successfully!'));
  });

  it('sends once however often the button is pressed while sending', async () => {
    let answer: (value: { ok: true; data: null }) => void = () => undefined;
    jest.mocked(postContactMessage).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderForm();
    const send = screen.getByRole('button', { name: 'Send message' });
    await user.click(send);
    await user.click(send);
    expect(send).toHaveAttribute('aria-disabled', 'true');
    answer({ ok: true, data: null });
    await waitFor(() => expect(send).toHaveAttribute('aria-disabled', 'false'));
    expect(postContactMessage).toHaveBeenCalledTimes(1);
  });

  it('keeps offering every bundled prefix when the country list cannot be fetched', async () => {
    jest.mocked(fetchCountries).mockResolvedValue([]);
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderForm();
    await waitFor(() => expect(warned).toHaveBeenCalled());
    expect(offered()).toEqual(everyBundled);
    expect(within(prefix()).getByRole('option', { name: '+971' })).toBeInTheDocument();
    expect(prefix()).toHaveValue('+1');
  });

  it('loads the bundled prefixes itself when neither the server’s reads nor the country list give any', async () => {
    jest.mocked(fetchCountries).mockResolvedValue([]);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderForm({ withServerReads: false });
    await waitFor(() => expect(offered()).toEqual(everyBundled));
    expect(prefix()).toHaveValue('+1');
  });
});
