// Atan2Gen writes atan2.txt, the golden file of TestAtan2Java: Java's
// Math.atan2 and StrictMath.atan2 on a fixed pseudo-random set of inputs in
// the ranges the games use, plus the special cases.
//
//	cd sim/testdata && javac -d /tmp Atan2Gen.java && java -cp /tmp Atan2Gen > atan2.txt
//
// Each line is "y x math strict", all four the IEEE bits of a double in hex.
import java.util.Random;

public class Atan2Gen {
    static int differ;

    static void emit(double y, double x) {
        double m = Math.atan2(y, x), s = StrictMath.atan2(y, x);
        long mb = Double.doubleToRawLongBits(m), sb = Double.doubleToRawLongBits(s);
        if (mb != sb && !(Double.isNaN(m) && Double.isNaN(s))) {
            differ++;
        }
        System.out.printf("%016x %016x %016x %016x%n", Double.doubleToRawLongBits(y),
                Double.doubleToRawLongBits(x), mb, sb);
    }

    public static void main(String[] args) {
        double inf = Double.POSITIVE_INFINITY, nan = Double.NaN;
        double[] special = {0.0, -0.0, 1.0, -1.0, 2.0, -0.5, Double.MIN_VALUE, -Double.MIN_VALUE,
                Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, inf, -inf, nan, 1e-300, 1e300,
                0x1p60, 0x1p-60, 0x1p61, 0x1p-61, 0x1p66, 3.0, 20000.0, -20000.0};
        System.out.println("# y x Math.atan2 StrictMath.atan2, as IEEE bits in hex (Java " +
                System.getProperty("java.version") + ", " + System.getProperty("os.arch") + "); see Atan2Gen.java");
        for (double y : special) {
            for (double x : special) {
                emit(y, x);
            }
        }
        Random r = new Random(20240611L);
        // Integer differences, as the CSB referee's atan2(ty - y, tx - x).
        for (int i = 0; i < 1500; i++) {
            emit(r.nextInt(40001) - 20000, r.nextInt(40001) - 20000);
        }
        // Small integer differences, where the octant boundaries are dense.
        for (int i = 0; i < 300; i++) {
            emit(r.nextInt(41) - 20, r.nextInt(41) - 20);
        }
        // Non-integer differences (Fantastic Bits' positions and speeds).
        for (int i = 0; i < 1000; i++) {
            emit((r.nextDouble() * 2 - 1) * 20000, (r.nextDouble() * 2 - 1) * 20000);
        }
        // Every reduction interval of atan: |y/x| near 7/16, 11/16, 19/16, 39/16, 2^-29, 2^66.
        double[] ratios = {7.0 / 16, 11.0 / 16, 19.0 / 16, 39.0 / 16, 0x1p-29, 0x1p-27, 0x1p66, 0x1p59, 1};
        for (double q : ratios) {
            for (int i = 0; i < 20; i++) {
                double x = (r.nextDouble() + 0.5) * 1000 * (r.nextBoolean() ? 1 : -1);
                double y = x * q * (1 + (r.nextDouble() - 0.5) * 1e-3) * (r.nextBoolean() ? 1 : -1);
                emit(y, x);
                emit(Math.nextUp(y), x);
                emit(Math.nextDown(y), x);
            }
        }
        // Wide exponents, including |y/x| beyond 2^60 both ways.
        for (int i = 0; i < 300; i++) {
            double y = Math.scalb(r.nextDouble() * 2 - 1, r.nextInt(200) - 100);
            double x = Math.scalb(r.nextDouble() * 2 - 1, r.nextInt(200) - 100);
            emit(y, x);
        }
        // x = 1 exactly (the atan(y) shortcut) and x = -1.
        for (int i = 0; i < 50; i++) {
            emit(Math.scalb(r.nextDouble() * 2 - 1, r.nextInt(40) - 20), 1.0);
            emit(Math.scalb(r.nextDouble() * 2 - 1, r.nextInt(40) - 20), -1.0);
        }
        if (differ != 0) {
            System.err.println("Math.atan2 and StrictMath.atan2 differ on " + differ + " inputs");
        }
    }
}
