// `npm start`: the fixture pages as a demo storefront on http://127.0.0.1:5173 (PORT and HOST override).
import { startServer } from './serve.mjs';

const port = Number(process.env.PORT ?? 5173);
const host = process.env.HOST ?? '127.0.0.1';
const { url, close } = await startServer({ port, host });
console.log(`storefront-islands demo: ${url}/`);
console.log('  ?tag=classic  the classic <script defer> tag   ?tag=none  no bundle   ?mock=off  no mock   ?islands-debug  log mounts');
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void close().then(() => process.exit(0)));
