// The pure rules of the map's places (no database needed; runs in both server projects).
import { describe, expect, it } from 'vitest';
import { addressKey, coordinate, coordinateColumns, coordinatePair, MAX_ADDRESS_LENGTH } from './places';

describe('coordinateColumns', () => {
  it.each<[string[], string | undefined, string | undefined, { lat: string; lng: string } | null]>([
    [['Name', 'lat', 'lng'], undefined, undefined, { lat: 'lat', lng: 'lng' }],
    [['Name', 'Latitude', 'Longitude'], undefined, undefined, { lat: 'Latitude', lng: 'Longitude' }],
    [['LAT', ' Lon '], undefined, undefined, { lat: 'LAT', lng: ' Lon ' }],
    [['lat', 'long'], undefined, undefined, { lat: 'lat', lng: 'long' }],
    [['lat'], undefined, undefined, null],
    [['Latitude of shop', 'Longitude of shop'], undefined, undefined, null],
    [['Y', 'X', 'lat', 'lng'], 'Y', 'X', { lat: 'Y', lng: 'X' }],
    [['Y', 'lng'], 'Y', undefined, { lat: 'Y', lng: 'lng' }],
    [['Y'], 'Y', 'Nope', null],
  ])('%j lat=%s lng=%s → %j', (columns, lat, lng, expected) => {
    expect(coordinateColumns(columns, lat, lng)).toEqual(expected);
  });
});

describe('coordinate', () => {
  it.each<[unknown, 90 | 180, number | null]>([
    [48.85, 90, 48.85],
    ['48.85', 90, 48.85],
    [' -3,7038 ', 180, -3.7038],
    ['+12.5', 180, 12.5],
    [0, 90, 0],
    [90, 90, 90],
    [91, 90, null],
    ['-180', 180, -180],
    ['180.5', 180, null],
    ['', 90, null],
    ['N 48.85', 90, null],
    ['1e2', 90, null],
    [Number.NaN, 90, null],
    [null, 90, null],
    [true, 90, null],
  ])('%j within ±%i → %j', (value, limit, expected) => {
    expect(coordinate(value, limit)).toBe(expected);
  });
});

describe('coordinatePair', () => {
  it.each<[string, { lat: number; lng: number } | null]>([
    ['48.8584, 2.2945', { lat: 48.8584, lng: 2.2945 }],
    [' -33.8688;151.2093 ', { lat: -33.8688, lng: 151.2093 }],
    ['40.4168 -3.7038', { lat: 40.4168, lng: -3.7038 }],
    ['12 5', null],
    ['48, 2', null],
    ['95.1, 2.2', null],
    ['48.1, 200.5', null],
    ['10 Downing Street, London', null],
  ])('%j → %j', (text, expected) => {
    expect(coordinatePair(text)).toEqual(expected);
  });
});

describe('addressKey', () => {
  it.each<[unknown, string | null]>([
    ['Eiffel Tower, Paris', 'eiffel tower, paris'],
    ['  eiffel\t TOWER,\n Paris ', 'eiffel tower, paris'],
    ['Cafe\u0301 de Flore', 'café de flore'],
    [12345, '12345'],
    ['', null],
    ['   ', null],
    [null, null],
    [{}, null],
    ['x'.repeat(MAX_ADDRESS_LENGTH), 'x'.repeat(MAX_ADDRESS_LENGTH)],
    ['x'.repeat(MAX_ADDRESS_LENGTH + 1), null],
  ])('%j → %j', (value, expected) => {
    expect(addressKey(value)).toBe(expected);
  });
});
