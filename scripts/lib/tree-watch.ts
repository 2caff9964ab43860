import { readdirSync, statSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface TreeWatcher {
  close(): void;
}

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/**
 * Calls `onChange` with the path, relative to `root`, of each entry that is created, written,
 * replaced or removed anywhere under it. Every folder is watched, never a file: Node's recursive
 * watch on Linux follows each file's inode, so a file replaced by a rename (an atomic save, as
 * editors and the API's publish do) is reported once and never again. A folder's watch names its
 * entries whatever inode they have now.
 */
export function watchTree(root: string, onChange: (path: string) => void): TreeWatcher {
  const folders = new Map<string, FSWatcher>();
  let closed = false;

  const drop = (folder: string) => {
    for (const [path, watcher] of folders) {
      if (path !== folder && !path.startsWith(folder + sep)) continue;
      watcher.close();
      folders.delete(path);
    }
  };

  const changed = (folder: string, name: string | null) => {
    if (closed) return;
    const path = name ? join(folder, name) : folder;
    // A folder made or moved in is watched with all it holds; one that went is let go.
    if (isFolder(path)) add(path);
    else if (folders.has(path)) drop(path);
    onChange(relative(root, path));
  };

  function add(folder: string): void {
    if (closed || folders.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => changed(folder, name));
    } catch {
      // Gone before it could be watched: its parent's watch has reported it.
      return;
    }
    watcher.on('error', () => drop(folder));
    folders.set(folder, watcher);
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      drop(folder);
      return;
    }
    for (const entry of entries) if (entry.isDirectory()) add(join(folder, entry.name));
  }

  add(root);
  return {
    close() {
      closed = true;
      for (const watcher of folders.values()) watcher.close();
      folders.clear();
    },
  };
}

/** Calls `onChange` with the name of each of `names`, entries of `folder`, when it is written, replaced or removed. */
export function watchEntries(folder: string, names: readonly string[], onChange: (name: string) => void): TreeWatcher {
  const watcher = watch(folder, (_event, name) => {
    if (name && names.includes(name)) onChange(name);
  });
  return { close: () => watcher.close() };
}
