// One folder on this computer, checked: where its decision is kept, what it would run, and
// whether the person has trusted that (trust-service.ts).
import type { TrustItem } from '../../../shared/trust';
import type { TrustDecision, TrustService } from './trust-service';
import { locateFolder, localFiles } from './folder';
import { scanFolder } from './scan';

/** `settled`: an item the person already agreed to elsewhere (a `.clide/setup` confirmed for this repository). */
export function checkLocalFolder(
  service: TrustService,
  cwd: string,
  dirs: { configDir: string; homeDir: string },
  settled: (item: TrustItem, root: string) => boolean = () => false,
): TrustDecision {
  const place = locateFolder(cwd);
  const items = scanFolder({
    dirs: place.dirs,
    base: place.top,
    files: localFiles,
    configDir: dirs.configDir,
    homeDir: dirs.homeDir,
    mainCheckout: place.root,
  });
  return service.decide(
    { root: place.root, folder: place.folder },
    items.filter((item) => !settled(item, place.root)),
  );
}
