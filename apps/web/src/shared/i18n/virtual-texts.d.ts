/** The text catalogue's parts, served by the build (`build/text-parts-plugin.ts`). */
declare module 'virtual:texts' {
  type TextLoader = () => Promise<{ default: Record<string, unknown> }>;
  const loaders: Record<
    'de' | 'en',
    Record<'core' | import('./text-parts').TextPartName, TextLoader>
  >;
  export default loaders;
}
