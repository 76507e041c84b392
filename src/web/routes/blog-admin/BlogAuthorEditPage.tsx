// /blog-admin/edit/{id} (editors): one blog account's name, bio, avatar and role.
import { useDocumentTitle } from '@mantine/hooks';
import { useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { useBlogAuthor } from '../../features/blog-admin/blog-admin-api';
import { AuthorForm } from '../../features/blog-admin/AuthorForm';
import { BlogLoadError } from '../../features/blog-admin/BlogLoadError';

export function BlogAuthorEditPage() {
  useDocumentTitle('Edit account · Blog admin');
  const { id = '' } = useParams();
  const author = useBlogAuthor(id);
  if (author.isPending) return <Loading />;
  if (author.isError) return <BlogLoadError error={author.error} title="The account could not be opened" />;
  return <AuthorForm key={author.data.author.id} author={author.data.author} />;
}
