import { parseMarkup, type Block, type Inline } from '@blog/markup';
import type { ReactNode } from 'react';

export interface MarkupProps {
  text: string | null | undefined;
  className?: string;
}

const HEADING_TAGS = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4' } as const;

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'strong':
        return <strong key={index}>{renderInline(node.children)}</strong>;
      case 'link':
        return node.external ? (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {renderInline(node.children)}
          </a>
        ) : (
          <a key={index} href={node.href}>
            {renderInline(node.children)}
          </a>
        );
    }
  });
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Heading = HEADING_TAGS[block.level];
      return <Heading key={index}>{renderInline(block.children)}</Heading>;
    }
    case 'quote':
      return <blockquote key={index}>{renderInline(block.children)}</blockquote>;
    case 'paragraph':
      return <p key={index}>{renderInline(block.children)}</p>;
    case 'break':
      return <br key={index} />;
  }
}

/**
 * Article text with its markup (spec §5), as plain React elements: every text is escaped by React.
 * `data-markup` marks the author's outline (a `# ` line is a level-1 heading wherever it stands),
 * which validators of the page's own outline leave to the author.
 */
export function Markup({ text, className }: MarkupProps) {
  const blocks = text ? parseMarkup(text) : [];
  if (blocks.length === 0) return null;
  return (
    <div className={className} data-markup="">
      {blocks.map(renderBlock)}
    </div>
  );
}
