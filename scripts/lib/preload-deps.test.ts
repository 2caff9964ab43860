import { describe, expect, it } from 'vitest';
import { loadedWith, missingDeps, pageLoaded, type ChunkGraph } from './preload-deps.ts';

// An island (CartButton) that loads React and a store eagerly and, on a click, a dialog that needs
// the same React and store plus code of its own.
const graph: ChunkGraph = {
  'CartButton.js': { type: 'chunk', imports: ['react.js', 'atom.js'], isEntry: true },
  'react.js': { type: 'chunk', imports: ['runtime.js'] },
  'runtime.js': { type: 'chunk', imports: [] },
  'atom.js': { type: 'chunk', imports: ['runtime.js'] },
  'CartDialog.js': { type: 'chunk', imports: ['react.js', 'atom.js', 'cart.js'] },
  'cart.js': { type: 'chunk', imports: ['money.js', 'atom.js'] },
  'money.js': { type: 'chunk', imports: [] },
  'OrderBar.js': { type: 'chunk', imports: ['react.js'] },
  'CartDialog.css': { type: 'asset' },
};
const dialogDeps = ['CartDialog.js', 'react.js', 'runtime.js', 'atom.js', 'cart.js', 'money.js'];

describe('loadedWith', () => {
  it('is the chunk and its static imports all the way down, each once', () => {
    expect([...loadedWith(graph, 'CartButton.js')].sort()).toEqual([
      'CartButton.js',
      'atom.js',
      'react.js',
      'runtime.js',
    ]);
  });

  it('is the chunk alone when the bundle does not know it', () => {
    expect([...loadedWith(graph, 'gone.js')]).toEqual(['gone.js']);
  });
});

describe('missingDeps', () => {
  it.each([
    [
      'drops what the importing chunk already loaded, in Vite order',
      'CartButton.js',
      'CartDialog.js',
      dialogDeps,
      ['CartDialog.js', 'cart.js', 'money.js'],
    ],
    [
      'keeps all but the importer itself when it imports nothing',
      'runtime.js',
      'CartDialog.js',
      dialogDeps,
      ['CartDialog.js', 'react.js', 'atom.js', 'cart.js', 'money.js'],
    ],
    [
      'leaves no list when only the imported chunk is left: import() fetches it',
      'CartButton.js',
      'OrderBar.js',
      ['OrderBar.js', 'react.js', 'runtime.js'],
      [],
    ],
    ['keeps a list of one chunk other than the imported one', 'CartButton.js', 'react.js', ['money.js'], ['money.js']],
    ['leaves the list alone when the importer is unknown', 'gone.js', 'CartDialog.js', dialogDeps, dialogDeps],
  ])('%s', (_case, host, target, deps, expected) => {
    expect(missingDeps(graph, host, target, deps)).toEqual(expected);
  });
});

describe('pageLoaded', () => {
  it('is what the islands a page names load statically, not what they import later', () => {
    expect([...pageLoaded(graph)].sort()).toEqual(['CartButton.js', 'atom.js', 'react.js', 'runtime.js']);
  });
});

describe('a chunk the page loads with its islands', () => {
  it('carries no list: its imports run after the page has settled, level by level', () => {
    expect(missingDeps(graph, 'CartButton.js', 'CartDialog.js', dialogDeps, pageLoaded(graph))).toEqual([]);
  });

  it('leaves lazily loaded code its lists', () => {
    const deps = ['OrderBar.js', 'hours.js'];
    expect(missingDeps(graph, 'CartDialog.js', 'OrderBar.js', deps, pageLoaded(graph))).toEqual(deps);
  });
});
