export { ListPageFrame, type ListPageFrameProps } from './list-page-frame';
