import { archiveSearch, archiveYear } from './address';

describe('archiveYear', () => {
  const years = [2026, 2025, 2024];

  it('is the latest year when none is requested', () => {
    expect(archiveYear(years, null)).toBe(2026);
  });

  it('is the requested year when the archive has it', () => {
    expect(archiveYear(years, '2024')).toBe(2024);
  });

  it('falls back to the latest year for a year without articles or no year at all', () => {
    expect(archiveYear(years, '1999')).toBe(2026);
    expect(archiveYear(years, 'soon')).toBe(2026);
    expect(archiveYear(years, '')).toBe(2026);
  });

  it('is undefined while the archive is empty', () => {
    expect(archiveYear([], '2025')).toBeUndefined();
  });

  it('is the year the address names while the years are not known yet', () => {
    expect(archiveYear(undefined, '2024')).toBe(2024);
    expect(archiveYear(undefined, '24')).toBeUndefined();
    expect(archiveYear(undefined, 'soon')).toBeUndefined();
    expect(archiveYear(undefined, null)).toBeUndefined();
  });
});

describe('archiveSearch', () => {
  it('names the year', () => {
    expect(archiveSearch(2025)).toBe('?year=2025');
  });

  it('names the open article by its encoded title', () => {
    expect(archiveSearch(2025, 'Oil & Gas: 50% of Q3?')).toBe(
      '?year=2025&title=Oil%20%26%20Gas%3A%2050%25%20of%20Q3%3F',
    );
  });

  it('leaves out a year the archive does not have', () => {
    expect(archiveSearch(undefined, 'Drones')).toBe('?title=Drones');
    expect(archiveSearch(undefined)).toBe('');
  });
});
