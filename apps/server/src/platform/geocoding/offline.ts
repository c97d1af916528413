/**
 * The offline default: city-level coordinates from GeoNames (see
 * data/README.md), no network. An address is found when its city is known in
 * its country; the coordinates are the city's, not the street's.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { serverPath } from '../config/server-folder.js';
import type { GeocodeQuery, GeocodeResult, Geocoder } from './provider.js';

// The dataset stays in src wherever the code runs from (tsc does not copy it).
const DATASET = serverPath('src', 'platform', 'geocoding', 'data', 'cities.tsv.gz');

/** GeoNames names some large cities in English; German (and local) names people write. */
const ALIASES: Record<string, string> = {
  'DE:münchen': 'munich',
  'DE:nürnberg': 'nuremberg',
  'DE:frankfurt': 'frankfurt am main',
  'DE:köln': 'köln',
  'AT:wien': 'vienna',
  'CH:genf': 'geneva',
  'CH:zurich': 'zürich',
  'IT:rom': 'rome',
  'IT:roma': 'rome',
  'IT:mailand': 'milan',
  'IT:milano': 'milan',
  'BE:brüssel': 'brussels',
  'CZ:prag': 'prague',
  'CZ:praha': 'prague',
  'PL:warschau': 'warsaw',
  'PL:warszawa': 'warsaw',
  'DK:kopenhagen': 'copenhagen',
  'DK:københavn': 'copenhagen',
};

type CityIndex = Map<string, { lat: number; lng: number; name: string }>;
let index: CityIndex | undefined;

const normalise = (value: string) => value.trim().toLowerCase().replace(/\s+/g, ' ');

function loadIndex(): CityIndex {
  if (index) return index;
  const built: CityIndex = new Map();
  const lines = gunzipSync(readFileSync(DATASET)).toString('utf8').split('\n');
  for (const line of lines) {
    const [country, name, lat, lng] = line.split('\t');
    if (!country || !name || !lat || !lng) continue;
    const key = `${country}:${normalise(name)}`;
    // The first entry of a name wins: GeoNames lists the main place before homonymous villages often enough.
    if (!built.has(key)) built.set(key, { lat: Number(lat), lng: Number(lng), name });
  }
  index = built;
  return built;
}

export function createOfflineGeocoder(): Geocoder {
  return {
    name: 'offline',
    async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
      const cities = loadIndex();
      const city = normalise(query.city);
      const alias = ALIASES[`${query.country}:${city}`];
      const hit =
        cities.get(`${query.country}:${city}`) ??
        (alias ? cities.get(`${query.country}:${alias}`) : undefined);
      if (!hit) return null;
      const street = [query.street, query.streetnumber].filter(Boolean).join(' ');
      return {
        lat: hit.lat,
        lng: hit.lng,
        formattedAddress: [street, `${query.zip} ${query.city}`.trim(), query.country]
          .filter(Boolean)
          .join(', '),
      };
    },
  };
}
