export { safeHref } from './grammar';
export { parseMarkup, type Block, type HeadingLevel, type Inline } from './parse';
export { MARK_END, MARK_START, indexedText, visibleText } from './plain-text';
export { describeText } from './describe';
export { CARD_EXCERPT_LENGTH, cardExcerpt } from './card-excerpt';
export { firstLines, type FirstLines } from './first-lines';
