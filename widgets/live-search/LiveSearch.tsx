import { useSyncExternalStore } from 'react';
import type { Search } from './search';
import { statusText } from './logic';

export interface LiveSearchProps {
  search: Search;
  /** The listbox's id (the input's aria-controls). */
  listId: string;
  /** Prefix of the options' ids (the input's aria-activedescendant). */
  optionId: string;
  label: string;
  noResults: string;
  showImage: boolean;
  showPostType: boolean;
  scrollbar: boolean;
  /** The theme's own class for the list (Avada's `live-results-scrollbar-{value}`), or "". */
  themeClass: string;
  /** A click on an option: the link navigates by itself; the box only records it. */
  onPick(index: number): void;
}

/**
 * The theme's results markup (`.fusion-search-results > a.fusion-search-result …`) as a listbox whose options
 * are the links, and a polite status beside it. The input, its ARIA and its keys belong to the widget.
 */
export function LiveSearch({
  search,
  listId,
  optionId,
  label,
  noResults,
  showImage,
  showPostType,
  scrollbar,
  themeClass,
  onPick,
}: LiveSearchProps) {
  const state = useSyncExternalStore(
    search.subscribe,
    () => search.state,
    () => search.state,
  );
  const { open, closing, phase, results, active } = state;
  const visible = open || closing;
  const empty = phase === 'error' || results.length === 0;
  const classes = ['fusion-search-results'];
  if (themeClass) classes.push(themeClass);
  if (open) classes.push('suggestions-added');
  if (visible && empty) classes.push('suggestions-empty');
  if (closing) classes.push('suggestions-transition');
  if (phase === 'error') classes.push('sf-live-search-failed');
  if (scrollbar) classes.push('sf-live-search-scroll');
  const status = !open || phase === 'loading' ? '' : phase === 'error' ? state.error : statusText(results.length, noResults);
  return (
    <>
      <div className={classes.join(' ')} id={listId} role="listbox" aria-label={label} hidden={!visible}>
        {phase === 'error' ? (
          <div className="fusion-search-result" role="option" aria-selected="false" aria-disabled="true" id={`${optionId}-message`}>
            {state.error}
          </div>
        ) : results.length === 0 ? (
          <div className="fusion-search-result" role="option" aria-selected="false" aria-disabled="true" id={`${optionId}-message`}>
            {noResults}
          </div>
        ) : (
          results.map((result, index) => (
            <a
              key={`${result.id}-${index}`}
              className={index === active ? 'fusion-search-result sf-live-search-active' : 'fusion-search-result'}
              href={result.url}
              title={result.title}
              id={`${optionId}-${index}`}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onClick={() => onPick(index)}
            >
              {showImage && result.image ? (
                <div className="fusion-search-image">
                  <img
                    className="fusion-search-image-tag"
                    src={result.image}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={40}
                    height={40}
                  />
                </div>
              ) : null}
              <div className="fusion-search-content">
                <div className="fusion-search-post-title">{result.title}</div>
                {showPostType && result.type ? <div className="fusion-search-post-type">{result.type}</div> : null}
              </div>
            </a>
          ))
        )}
      </div>
      <div className="screen-reader-text sf-live-search-status" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </div>
    </>
  );
}
