// One folder on this computer, checked: where its decision is kept, what it would run, and
// whether the person has trusted that (trust-service.ts).
import type { TrustDecision, TrustService } from './trust-service';
import { locateFolder, localFiles } from './folder';
import { scanFolder } from './scan';

export function checkLocalFolder(service: TrustService, cwd: string, configDir: string, homeDir: string): TrustDecision {
  const place = locateFolder(cwd);
  const items = scanFolder({ dirs: place.dirs, base: place.top, files: localFiles, configDir, homeDir });
  return service.decide({ root: place.root, folder: place.folder }, items);
}
