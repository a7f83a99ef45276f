import { validCoordinates } from './coordinates';

describe('validCoordinates', () => {
  it.each([
    [10.9985, -74.8125],
    [0, 0],
    [90, 180],
    [-90, -180],
  ])('takes %p, %p as a place', (lat, lon) => {
    expect(validCoordinates(lat, lon)).toEqual({ lat, lon });
  });

  it.each([
    [91, 0],
    [0, -180.5],
    [Number.NaN, 0],
    [0, Number.POSITIVE_INFINITY],
    ['10', '20'],
    [null, 0],
    [undefined, undefined],
  ])('refuses %p, %p', (lat, lon) => {
    expect(validCoordinates(lat, lon)).toBeNull();
  });
});
