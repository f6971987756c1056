import autocannon from 'autocannon';
import { API_PATHS } from '@safarnama/contract';
const origin = 'http://127.0.0.1:4555';
const res = await fetch(`${origin}${API_PATHS.auth.login}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { email: 'bench@example.com', password: 'Bench-Password-2026!' } }) });
const token = ((await res.json()) as any).data.token;
const headers = { authorization: `Bearer ${token}` };
const paths: Record<string, string> = {
  profile: API_PATHS.auth.profile,
  rare: `${API_PATHS.service.listItineraries}?page=1&limit=10&search=kettuvallam`,
  list: `${API_PATHS.service.listItineraries}?page=1&limit=10&search=`,
};
for (const name of (process.argv[2] ?? 'profile,rare,list').split(',')) {
  for (const duration of [2, 8]) {
    const lat: number[] = [];
    const inst = autocannon({ url: origin, connections: 10, duration, requests: [{ method: 'GET', path: paths[name], headers }] }, () => {});
    inst.on('response', (_c: unknown, status: number, _b: number, ms: number) => { if (status !== 200) throw new Error(String(status)); lat.push(ms); });
    await new Promise((r) => inst.on('done', r));
    if (duration === 2) continue;
    lat.sort((a, b) => a - b);
    const p = (q: number) => lat[Math.ceil((q / 100) * lat.length) - 1]!.toFixed(1);
    console.log(name.padEnd(8), (lat.length / duration).toFixed(0), 'req/s p50', p(50), 'p95', p(95), 'p99', p(99));
  }
}
