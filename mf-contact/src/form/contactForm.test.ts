import { EMPTY_FORM, contactMessage } from './contactForm';

describe('contactMessage', () => {
  it('sends the phone as prefix and number joined by a space', () => {
    expect(
      contactMessage({
        first_name: 'Ana',
        last_name: 'Ríos',
        email: 'ana@example.test',
        prefix: '+57',
        number: '300 123 4567',
        message: 'Hello',
      }),
    ).toEqual({
      first_name: 'Ana',
      last_name: 'Ríos',
      email: 'ana@example.test',
      phone: '+57 300 123 4567',
      message: 'Hello',
    });
  });

  it('sends an empty form as it is, with the default prefix', () => {
    expect(contactMessage(EMPTY_FORM)).toEqual({ first_name: '', last_name: '', email: '', phone: '+1 ', message: '' });
  });
});
