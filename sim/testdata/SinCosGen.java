// SinCosGen writes sincos.txt, the golden file of TestSinCosJava: Java's
// Math.sin, StrictMath.sin, Math.cos and StrictMath.cos on a fixed
// pseudo-random set of angles of the kinds the games use, plus edge cases.
//
//	cd sim/testdata && javac -d /tmp SinCosGen.java && java -cp /tmp SinCosGen > sincos.txt
//
// Each line is "x Math.sin StrictMath.sin Math.cos StrictMath.cos", all five
// the IEEE bits of a double in hex.
import java.util.Random;

public class SinCosGen {
    static void emit(double x) {
        System.out.printf("%016x %016x %016x %016x %016x%n", Double.doubleToRawLongBits(x),
                Double.doubleToRawLongBits(Math.sin(x)), Double.doubleToRawLongBits(StrictMath.sin(x)),
                Double.doubleToRawLongBits(Math.cos(x)), Double.doubleToRawLongBits(StrictMath.cos(x)));
    }

    public static void main(String[] args) {
        System.out.println("# x Math.sin StrictMath.sin Math.cos StrictMath.cos, as IEEE bits in hex (Java " +
                System.getProperty("java.version") + ", " + System.getProperty("os.arch") + "); see SinCosGen.java");
        double[] special = {0.0, -0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, 1e-300,
                0x1p-27, 0x1p-26, 0x1p-20, 1e-8, 0.5, 1, 2, 3, 1e5, -1e5, 1e6, -1e6, 0x1p20};
        for (double x : special) {
            emit(x);
            emit(-x);
        }
        // Multiples of pi/4 (as Java computes them) and their neighbours.
        for (int k = -40; k <= 40; k++) {
            double x = k * (Math.PI / 4);
            emit(x);
            emit(Math.nextUp(x));
            emit(Math.nextDown(x));
        }
        Random r = new Random(20240612L);
        // Uniform in [-10, 10].
        for (int i = 0; i < 3000; i++) {
            emit((r.nextDouble() * 2 - 1) * 10);
        }
        // Angles as the CSB referee makes them: atan2 of integer differences,
        // turned by up to 18 degrees, and accumulated turns.
        double maxRot = Math.toRadians(18);
        for (int i = 0; i < 1000; i++) {
            double a = Math.atan2(r.nextInt(40001) - 20000, r.nextInt(40001) - 20000);
            emit(a);
            emit(a + maxRot);
            emit(a - maxRot);
            emit(a + Math.PI / 10);
        }
        double a = 0;
        for (int i = 0; i < 500; i++) {
            a += r.nextBoolean() ? maxRot : -maxRot;
            emit(a);
        }
        // Wider: up to 1e6.
        for (int i = 0; i < 500; i++) {
            emit((r.nextDouble() * 2 - 1) * 1e6);
        }
    }
}
