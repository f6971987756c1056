import { cp, rm } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  // The server, its image process (media/image-process.ts forks it from beside main.js), its PDF
  // process (modules/itineraries/itinerary-pdf.process.ts, the same way), and the backup/restore
  // command (npm run backup / restore at the root).
  entry: {
    main: 'src/main.ts',
    'image-worker': 'src/media/image-worker.ts',
    'itinerary-pdf-worker': 'src/modules/itineraries/itinerary-pdf.worker.ts',
    'backup-cli': 'src/ops/backup-cli.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: false,
  // The contract package ships TypeScript source, so it is bundled; every real dependency stays
  // external and is resolved from node_modules at run time.
  noExternal: ['@safarnama/contract'],
  // dist/main.js applies the SQL migrations found beside it (see src/db/migrate.ts).
  onSuccess: async () => {
    await rm('dist/migrations', { recursive: true, force: true });
    await cp('src/db/migrations', 'dist/migrations', { recursive: true });
  },
});
