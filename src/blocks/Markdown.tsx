// Renders the safe Markdown tree of markdown.ts as React elements: raw input never reaches the
// DOM as HTML, so a cell cannot inject markup or scripts.
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type MdBlock, type MdInline } from './markdown';

function inline(nodes: MdInline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return <Fragment key={i}>{n.v}</Fragment>;
      case 'strong':
        return <strong key={i}>{inline(n.c)}</strong>;
      case 'em':
        return <em key={i}>{inline(n.c)}</em>;
      case 'code':
        return (
          <code key={i} className="sb-md-code">
            {n.v}
          </code>
        );
      case 'br':
        return <br key={i} />;
      case 'link':
        return (
          <a key={i} href={n.href} target="_blank" rel="noopener noreferrer">
            {inline(n.c)}
          </a>
        );
    }
  });
}

export function Markdown({ text }: { text: string }) {
  return <MarkdownTree blocks={parseMarkdown(text)} />;
}

/** An already parsed tree (e.g. a Markdown block's template filled with a row's values). */
export function MarkdownTree({ blocks }: { blocks: MdBlock[] }) {
  return (
    <div className="sb-markdown" style={{ lineHeight: 1.4 }}>
      {blocks.map((b, i) => {
        if (b.t === 'pre')
          return (
            <pre key={i} className="sb-md-pre">
              <code>{b.v}</code>
            </pre>
          );
        if (b.t === 'p') return <p key={i} style={{ margin: i ? '0.4em 0 0' : 0 }}>{inline(b.c)}</p>;
        if (b.t === 'h') {
          const H = `h${Math.min(6, b.level + 2)}` as 'h3';
          return <H key={i} style={{ margin: '0.2em 0' }}>{inline(b.c)}</H>;
        }
        const L = b.t;
        return (
          <L key={i} style={{ margin: '0.2em 0', paddingLeft: '1.2em' }}>
            {b.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </L>
        );
      })}
    </div>
  );
}
