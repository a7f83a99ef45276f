/** A `tel:` link keeps only what a dialler reads: the digits and a leading plus. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d]/g, '');
  if (digits === '') return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

export function mailtoHref(email: string): string | null {
  const address = email.trim();
  // Anything that would end the address or start a query is not part of one.
  return address === '' || /[\s?#&]/.test(address) ? null : `mailto:${address}`;
}
