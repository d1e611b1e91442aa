package io.idempo.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A method declared generically, resolved against the target's concrete class: the type the codec encodes and decodes
 * a result with (the codecs' round trips of resolved types are in the response codec contract).
 */
class ReturnTypesTest {

    public record Order(String id) {
    }

    public interface Repository<T> {
        Optional<T> find(String id);

        List<T> all();

        Map<String, List<T>> grouped();

        T[] asArray();

        List<T>[] pages();

        List<? extends T> covariant();

        Map<String, ? super T> contravariant();
    }

    public abstract static class BaseService<T> {
        public abstract Optional<T> load();

        public abstract List<T> list();
    }

    public abstract static class CrudRepository<E> implements Repository<E> {
    }

    public abstract static class OrderRepository extends CrudRepository<Order> {
    }

    public abstract static class OrderService extends BaseService<Order> {
    }

    /** The variable is renamed and wrapped on the way: {@code BaseService<T>} gets {@code List<X>} = List<Order>. */
    public abstract static class ListService<X> extends BaseService<List<X>> {
    }

    public abstract static class OrderListService extends ListService<Order> {
    }

    @SuppressWarnings("unused")
    private interface Expected {
        Optional<Order> optional();

        List<Order> list();

        Map<String, List<Order>> grouped();

        Optional<List<Order>> optionalList();

        List<List<Order>> listOfLists();

        List<? extends Order> covariant();

        List<Order>[] pages();

        Map<String, ? super Order> contravariant();
    }

    private static Type expected(String method) throws NoSuchMethodException {
        return Expected.class.getMethod(method).getGenericReturnType();
    }

    private static Type resolve(Class<?> declaring, String method, Class<?> target) throws NoSuchMethodException {
        Method declared = declaring.getMethod(method, declaring == Repository.class && method.equals("find")
                ? new Class<?>[] {String.class} : new Class<?>[0]);
        return ReturnTypes.resolve(declared, target);
    }

    @Test
    void typeVariablesOfAGenericSuperclassResolveAgainstTheConcreteClass() throws NoSuchMethodException {
        assertEquals(expected("optional"), resolve(BaseService.class, "load", OrderService.class));
        assertEquals(expected("list"), resolve(BaseService.class, "list", OrderService.class));
        assertEquals(expected("optionalList"), resolve(BaseService.class, "load", OrderListService.class));
        assertEquals(expected("listOfLists"), resolve(BaseService.class, "list", OrderListService.class));
    }

    @Test
    void typeVariablesOfAGenericInterfaceResolveThroughAnIntermediateClass() throws NoSuchMethodException {
        assertEquals(expected("optional"), resolve(Repository.class, "find", OrderRepository.class));
        assertEquals(expected("list"), resolve(Repository.class, "all", OrderRepository.class));
        assertEquals(expected("grouped"), resolve(Repository.class, "grouped", OrderRepository.class));
        assertEquals(expected("optional").getTypeName(),
                resolve(Repository.class, "find", OrderRepository.class).getTypeName());
    }

    @Test
    void arraysAndWildcardsOfATypeVariableResolveToo() throws NoSuchMethodException {
        assertEquals(Order[].class, resolve(Repository.class, "asArray", OrderRepository.class));
        assertEquals(expected("covariant"), resolve(Repository.class, "covariant", OrderRepository.class));
        assertEquals(expected("contravariant"), resolve(Repository.class, "contravariant", OrderRepository.class));
        assertEquals(expected("pages"), resolve(Repository.class, "pages", OrderRepository.class));
        assertEquals("java.util.List<" + Order.class.getName() + ">[]",
                resolve(Repository.class, "pages", OrderRepository.class).getTypeName());
    }
}
