// Generates the bundled sample spreadsheet (sample-business.xlsx) and its product images.
// Deterministic (seeded), so re-running it gives the same file: `npx tsx samples/generate.ts`.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { rng } from './rng';

const OUT = import.meta.dirname;

const rand = rng(20250101);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

const PRODUCTS = [
  { name: 'Espresso Beans 1kg', category: 'Coffee', price: 24.5, color: '#6b4226' },
  { name: 'House Blend 500g', category: 'Coffee', price: 13.9, color: '#8b5a2b' },
  { name: 'Decaf Colombia 250g', category: 'Coffee', price: 9.5, color: '#a0522d' },
  { name: 'Green Tea Sencha', category: 'Tea', price: 8.75, color: '#5a8f29' },
  { name: 'Earl Grey Loose Leaf', category: 'Tea', price: 7.25, color: '#4b6584' },
  { name: 'Chai Spice Mix', category: 'Tea', price: 6.5, color: '#c0392b' },
  { name: 'Pour-Over Kettle', category: 'Equipment', price: 59, color: '#34495e' },
  { name: 'Burr Grinder', category: 'Equipment', price: 129, color: '#2c3e50' },
  { name: 'French Press 1L', category: 'Equipment', price: 34, color: '#16a085' },
  { name: 'Ceramic Mug', category: 'Accessories', price: 12, color: '#e67e22' },
  { name: 'Travel Tumbler', category: 'Accessories', price: 22, color: '#2980b9' },
  { name: 'Paper Filters (100)', category: 'Accessories', price: 4.5, color: '#bdc3c7' },
] as const;

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Lucas', 'Sophia', 'Mateo', 'Mia', 'Ethan', 'Amelia', 'Arjun', 'Chloé', 'Kenji', 'Fatima', 'Diego', 'Hannah', 'Omar', 'Ingrid', 'Wei', 'Priya', 'Jonas', 'Zoe', 'Samuel', 'Leila'];
const LAST = ['Johnson', 'Martin', 'Garcia', 'Müller', 'Rossi', 'Nguyen', 'Patel', 'Kim', 'Dubois', 'Silva', 'Andersen', 'Okafor', 'Tanaka', 'Novak', 'Hughes', 'Kowalski', 'Haddad', 'Larsen', 'Chen', 'Moreau'];
const CITIES = ['New York', 'London', 'Berlin', 'Paris', 'Toronto', 'Sydney', 'Madrid', 'Amsterdam', 'Chicago', 'Austin', 'Lisbon', 'Dublin'];
const STATUSES = ['Delivered', 'Delivered', 'Delivered', 'Delivered', 'Shipped', 'Shipped', 'Processing', 'Cancelled', 'Refunded'];

function ascii(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/ü/g, 'u').toLowerCase();
}

const customers = Array.from({ length: 60 }, () => {
  const first = pick(FIRST);
  const last = pick(LAST);
  return { name: `${first} ${last}`, email: `${ascii(first)}.${ascii(last)}@example.com`, city: pick(CITIES) };
});

const orders = Array.from({ length: 200 }, (_, i) => {
  const month = Math.floor((i / 200) * 12); // spread evenly over 2025
  const day = 1 + Math.floor(rand() * 28);
  const c = pick(customers);
  const p = pick(PRODUCTS);
  const quantity = 1 + Math.floor(rand() * (p.price > 50 ? 2 : 6));
  return {
    'Order ID': `ORD-${String(1001 + i)}`,
    Date: `2025-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    Customer: c.name,
    Email: c.email,
    City: c.city,
    Category: p.category,
    Product: p.name,
    Quantity: quantity,
    Amount: Math.round(quantity * p.price * 100) / 100,
    Status: pick(STATUSES),
  };
}).sort((a, b) => a.Date.localeCompare(b.Date) || a['Order ID'].localeCompare(b['Order ID']));

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function svg(name: string, category: string, color: string): string {
  const initials = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w)).slice(0, 2).map((w) => w[0]).join('');
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
  <rect width="400" height="300" fill="${color}"/>
  <circle cx="200" cy="125" r="70" fill="#ffffff" fill-opacity="0.18"/>
  <text x="200" y="145" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff" text-anchor="middle">${esc(initials)}</text>
  <text x="200" y="240" font-family="Helvetica, Arial, sans-serif" font-size="22" fill="#ffffff" text-anchor="middle">${esc(name)}</text>
  <text x="200" y="270" font-family="Helvetica, Arial, sans-serif" font-size="15" fill="#ffffff" fill-opacity="0.8" text-anchor="middle">${esc(category)}</text>
</svg>
`;
}

async function main() {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sheetboard';
  wb.created = new Date('2025-01-01T00:00:00Z');
  wb.modified = wb.created;

  const ws = wb.addWorksheet('Orders');
  const orderCols = Object.keys(orders[0]!);
  ws.addRow(orderCols);
  for (const o of orders) ws.addRow(orderCols.map((c) => o[c as keyof typeof o]));

  const ps = wb.addWorksheet('Products');
  ps.addRow(['Product', 'Category', 'Price', 'Stock', 'Image URL']);
  for (const p of PRODUCTS) {
    const file = `${slug(p.name)}.svg`;
    fs.writeFileSync(path.join(OUT, 'images', file), svg(p.name, p.category, p.color));
    ps.addRow([p.name, p.category, p.price, 10 + Math.floor(rand() * 240), `/samples/images/${file}`]);
  }
  await wb.xlsx.writeFile(path.join(OUT, 'sample-business.xlsx'));
  console.log(`Wrote sample-business.xlsx (${orders.length} orders, ${PRODUCTS.length} products)`);
}

void main();
